import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { XmlNode } from '../../../services/src/payouts/sepa/pain001-rules.js';
import { auth } from './app.js';

/** A download read as text whatever its type: a payment file's XML, or the JSON of a refusal. */
export const textGet = (http: App, token: string, path: string): request.Test =>
  request(http)
    .get(path)
    .set(auth(token))
    .buffer(true)
    .parse((res, done) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => done(null, body));
    });

/** The text of the element at `path` below `node` of a parsed payment file (`parsePain`). */
export const textAt = (node: XmlNode | undefined, ...path: string[]): string | undefined =>
  path.reduce<XmlNode | undefined>((n, name) => n?.children.find((c) => c.name === name), node)?.text;

import type { FastifyReply } from 'fastify';

/**
 * HEAD asks for a GET's headers only (RFC 9110 9.3.2: safe, it changes nothing), and Fastify answers it on every GET
 * route by running the GET's handler and dropping the body. A download manager or a link checker asks it before a
 * download. So what a GET does besides answering (a certificate issue recorded, a background task queued) is done
 * through these, which leave it undone on HEAD: nothing was handed out (decisions 406, 407). What a GET only reads it
 * reads on HEAD too, so HEAD answers the status and headers the GET would.
 */
export function asksHeadersOnly(res: FastifyReply): boolean {
  return res.request.method === 'HEAD';
}

/** Does `effect` (an append recording what the answer hands out) unless the request is a HEAD. */
export async function unlessHeadersOnly(res: FastifyReply, effect: () => Promise<unknown>): Promise<void> {
  if (!asksHeadersOnly(res)) await effect();
}

/**
 * Answers 202 with the task `queue` queued and describes (a file made in the background above a route's synchronous
 * limit); a HEAD is answered 202 without a task, since the task's run would make the file for nobody.
 */
export async function sendQueued(res: FastifyReply, queue: () => Promise<object>): Promise<void> {
  if (asksHeadersOnly(res)) await res.status(202).send();
  else await res.status(202).send(await queue());
}

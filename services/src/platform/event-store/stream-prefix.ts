/**
 * This installation's stream names on a shared KurrentDB server (`EVENT_STORE_STREAM_PREFIX`, issue 30): every stream
 * is written as prefix + name and read back without the prefix; reading `$all` keeps only names that start with it.
 * The empty prefix (the default) leaves the names as they are.
 */
export class StreamPrefix {
  constructor(readonly prefix: string) {
    const problem = streamPrefixProblem(prefix);
    if (problem) throw new Error(problem);
  }

  /** The stream's name on the server. */
  toServer(streamId: string): string {
    return this.prefix + streamId;
  }

  /** The product's name of a server stream; undefined when the stream is not this installation's. */
  fromServer(name: string): string | undefined {
    if (name.startsWith('$') || !name.startsWith(this.prefix)) return undefined;
    return name.slice(this.prefix.length);
  }
}

/**
 * Why `prefix` cannot be a stream prefix, or undefined when it can: letters, digits and `._:-`, starting with a letter
 * or digit (never `$`, which marks the server's own streams), at most 64 characters; or empty.
 */
export function streamPrefixProblem(prefix: string): string | undefined {
  if (prefix === '' || /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/.test(prefix)) return undefined;
  return `EVENT_STORE_STREAM_PREFIX must be letters, digits and . _ : - (starting with a letter or digit, at most 64), got ${prefix}`;
}

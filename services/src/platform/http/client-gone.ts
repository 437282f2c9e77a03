import type { FastifyReply } from 'fastify';

/**
 * A request's client went away (its connection closed) while its work waited for a turn: nobody waits for the answer.
 * Not a server error: a closed tab or a proxy's timeout causes it, and any client can, as often as it likes; the error
 * filter notes it at debug level without a stack (decision 407).
 */
export class ClientGoneError extends Error {
  constructor(message = 'The request was abandoned by its client while it waited') {
    super(message);
    this.name = 'ClientGoneError';
  }
}

/**
 * Runs `work` with a signal aborted when the request's client goes away (its connection closed), so that what waits
 * for a turn on its behalf (a gate's place: a file made, an upload read) leaves the queue instead of working for
 * nobody when its turn comes (decision 351).
 */
export async function whileConnected<T>(res: FastifyReply, work: (gone: AbortSignal) => Promise<T>): Promise<T> {
  const gone = new AbortController();
  const socket = res.request.raw.socket;
  const leave = (): void => gone.abort();
  socket.once('close', leave);
  try {
    return await work(gone.signal);
  } finally {
    socket.off('close', leave);
  }
}

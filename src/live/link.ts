import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

/** The transport a server was reached over. */
export type LiveTransport = 'stdio' | 'streamable-http' | 'sse';

/**
 * One SDK client transport with what live mode needs around it: how to put a failure into words
 * with what the transport saw, and how to end the connection without leaving anything behind.
 */
export interface Link {
  kind: LiveTransport;
  transport: Transport;
  /**
   * Rejects with a LinkBroken as soon as the server breaks the protocol in a way that
   * no pending request reports (a line on stdio's stdout or an SSE event that is not JSON-RPC);
   * never resolves. Handled already: racing it against each step is enough.
   */
  broken: Promise<never>;
  /**
   * What went wrong, as the tail of a one-line message (`connection refused (…)`), for an error
   * that connecting or a request threw; `request` names the step (`initialize`, `tools/list`).
   * Undefined when the transport has nothing to say about it.
   */
  explain(error: unknown, request: string): Promise<string | undefined>;
  /**
   * What the link put up with that the user should hear of, each as the tail of a one-line warning
   * (lines on stdio's stdout that are not JSON-RPC, skipped). Empty for most servers.
   */
  warnings(): string[];
  /** Closes `client` (connected over this link or not) and frees all the link holds; never throws. */
  close(client: Client): Promise<void>;
}

/** How a link broke: `message` is the tail of the message to show. */
export class LinkBroken extends Error {}

/** A promise that never resolves and rejects with a LinkBroken for the first reason given to `fail` (later ones are ignored). */
export function breakage(): { broken: Promise<never>; fail: (reason: string) => void } {
  let fail: (reason: string) => void = () => {};
  const broken = new Promise<never>((_, reject) => {
    fail = (reason) => reject(new LinkBroken(reason));
  });
  broken.catch(() => {});
  return { broken, fail };
}

/** Whether `error` is a message that could not be read as JSON-RPC (not JSON, or JSON of the wrong shape). */
export function isUnreadableMessage(error: unknown): boolean {
  return error instanceof SyntaxError || (error instanceof Error && error.name === 'ZodError');
}

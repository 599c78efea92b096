/**
 * Server test support: temp directories, a real node:http server on 127.0.0.1 with an ephemeral
 * port, and the sandbox platform's first internal account to fund.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { basicAuthorization } from '../../src/api/auth.js';
import { SANDBOX_CREDENTIAL } from '../../src/engine/options.js';
import { nodeHandler } from '../../src/server/http.js';
import type { RequestHandler } from '../../src/server/writer.js';

/** The sandbox platform's Authorization header. */
export const AUTH = basicAuthorization(SANDBOX_CREDENTIAL);

/** A fresh temp directory and its cleanup. */
export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'pe-server-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A listening server: its base URL (with the API's base path) and how to stop it. */
export type Listening = { readonly server: Server; readonly origin: string; readonly api: string; close(): Promise<void> };

/** Serves `handler` through nodeHandler on 127.0.0.1 at an ephemeral port. */
export async function listen(handler: RequestHandler): Promise<Listening> {
  const server = createServer(nodeHandler(handler));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    server,
    origin,
    api: `${origin}/2025-10-13`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** JSON request with the sandbox credentials. */
export async function call(api: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any; headers: Headers }> {
  const response = await fetch(`${api}${path}`, {
    method,
    headers: { authorization: AUTH, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text), headers: response.headers };
}

/** The id of the sandbox platform's first internal account. */
export async function platformAccount(api: string): Promise<string> {
  const list = await call(api, 'GET', '/platform/internal-accounts');
  if (list.status !== 200) throw new Error(`listing platform accounts: ${list.status} ${JSON.stringify(list.body)}`);
  return list.body.data[0].id as string;
}

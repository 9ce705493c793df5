/**
 * Serves tests/fixtures over http for the browser tests (Chromium and Firefox alike), so pages
 * have a real origin and a real title.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve } from 'node:path';

const FIXTURES = resolve(import.meta.dirname, '../fixtures');

/** The types that go by the file's name: a caption track and a video (anything else is HTML). */
const BY_NAME: Record<string, string> = {
  '.vtt': 'text/vtt; charset=utf-8',
  '.webm': 'video/webm',
  '.svg': 'image/svg+xml',
};

/**
 * Serves tests/fixtures over http, so pages have a real origin and a real title. Under
 * `/endless/` a fixture is sent whole but its response never ends: a document (or a frame) that
 * is never done loading, as a stalled server or a long poll leaves it.
 */
export async function startFixtureServer(): Promise<{ url: string; port: number; close: () => Promise<void> }> {
  const endless = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    let name = (req.url ?? '/').split('?')[0]!.replace(/^\/+/, '');
    const never = name.startsWith('endless/');
    if (never) name = name.slice('endless/'.length);
    const file = join(FIXTURES, name);
    if (!name || name.includes('..') || !existsSync(file)) {
      res.writeHead(404).end('not found');
      return;
    }
    const body = readFileSync(file);
    // A PDF goes by its bytes, not its name, as servers send it: some fixtures have no ".pdf".
    const type =
      body.subarray(0, 5).toString('latin1') === '%PDF-'
        ? 'application/pdf'
        : (BY_NAME[extname(name)] ?? 'text/html; charset=utf-8');
    // Media is sent in the ranges a player asks for, as servers do: a player seeks only where it may.
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
    if (type.startsWith('video/') && range && !never) {
      const start = range[1] ? Number(range[1]) : Math.max(0, body.length - Number(range[2]));
      const end = range[1] && range[2] ? Math.min(Number(range[2]), body.length - 1) : body.length - 1;
      res.writeHead(206, {
        'content-type': type,
        'accept-ranges': 'bytes',
        'content-range': `bytes ${start}-${end}/${body.length}`,
        'content-length': end - start + 1,
      });
      res.end(body.subarray(start, end + 1));
      return;
    }
    res.writeHead(200, { 'content-type': type, ...(type.startsWith('video/') ? { 'accept-ranges': 'bytes' } : {}) });
    if (!never) {
      res.end(body);
      return;
    }
    res.write(body);
    endless.add(res);
    res.on('close', () => endless.delete(res));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise((r) => {
        for (const res of endless) res.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

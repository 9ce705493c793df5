/**
 * The YouTube stand-in (tests/fixtures/youtube/site.ts) over HTTPS for the browser tests, and the
 * Chromium flags that send www.youtube.com to it: `--host-resolver-rules` maps the name to this
 * server, and `--ignore-certificate-errors` accepts its certificate, made for the run with Debian's
 * `openssl` (self-signed, one day, never kept). Test-only: nothing of it is in the extension.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { answer, MEDIA_PATH, type SiteCall, type SiteOptions } from '../fixtures/youtube/site';

export const YOUTUBE = 'https://www.youtube.com';

export interface YouTubeSite {
  port: number;
  /** Changed by a test between pages: read at each request. */
  options: SiteOptions;
  calls: SiteCall[];
  /** For launchChromium's `args`. */
  chromiumArgs: string[];
  close: () => Promise<void>;
}

/** A certificate for www.youtube.com, made now and only for this run. */
function selfSigned(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'yt-cert-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=www.youtube.com',
      '-addext',
      'subjectAltName=DNS:www.youtube.com',
      '-keyout',
      'key.pem',
      '-out',
      'cert.pem',
    ],
    { cwd: dir, stdio: 'ignore' },
  );
  const out = { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  rmSync(dir, { recursive: true, force: true });
  return out;
}

const MEDIA = resolve(import.meta.dirname, '../fixtures/video-talk.webm');

/** The player's video, in the byte ranges it asks for, as servers send media: a player seeks only where it may. */
function sendMedia(rangeHeader: string | undefined, res: ServerResponse): void {
  const body = readFileSync(MEDIA);
  const range = /^bytes=(\d*)-(\d*)$/.exec(rangeHeader ?? '');
  if (!range) {
    res.writeHead(200, { 'content-type': 'video/webm', 'accept-ranges': 'bytes', 'content-length': body.length }).end(body);
    return;
  }
  const start = range[1] ? Number(range[1]) : Math.max(0, body.length - Number(range[2]));
  const end = range[1] && range[2] ? Math.min(Number(range[2]), body.length - 1) : body.length - 1;
  res
    .writeHead(206, {
      'content-type': 'video/webm',
      'accept-ranges': 'bytes',
      'content-range': `bytes ${start}-${end}/${body.length}`,
      'content-length': end - start + 1,
    })
    .end(body.subarray(start, end + 1));
}

export async function startYouTubeSite(options: SiteOptions = {}): Promise<YouTubeSite> {
  const calls: SiteCall[] = [];
  const site = { options, calls } as YouTubeSite;
  const server = createServer(selfSigned(), (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', YOUTUBE);
      const body = Buffer.concat(chunks).toString('utf8');
      calls.push({ method: req.method ?? 'GET', url, body });
      if (url.pathname === MEDIA_PATH) {
        sendMedia(req.headers.range, res);
        return;
      }
      const a = answer(req.method ?? 'GET', url, body, site.options);
      res.writeHead(a.status, { 'content-type': a.type, 'content-length': Buffer.byteLength(a.body) }).end(a.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  site.port = (server.address() as AddressInfo).port;
  site.chromiumArgs = [`--host-resolver-rules=MAP www.youtube.com 127.0.0.1:${site.port}`, '--ignore-certificate-errors'];
  site.close = () =>
    new Promise((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return site;
}

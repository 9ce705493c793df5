/**
 * The YouTube stand-in (tests/fixtures/youtube/site.ts) over HTTPS for the browser tests, and the
 * Chromium flags that send www.youtube.com to it: `--host-resolver-rules` maps the name to this
 * server, and `--ignore-certificate-errors` accepts its certificate, made for the run with Debian's
 * `openssl` (one day, never kept). Firefox has no host resolver rules: it is pointed at a small
 * proxy of ours that tunnels www.youtube.com:443 (and nothing else) to this server, and trusts the
 * run's authority (`trustInFirefox`). Test-only:
 * nothing of it is in the extension.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
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
  /** The run's certificate authority (DER, base64), for Firefox to trust. */
  caBase64: string;
  /** A proxy that tunnels `CONNECT www.youtube.com:443` to the site, for Firefox. */
  proxyPort: number;
  close: () => Promise<void>;
}

/**
 * A certificate for www.youtube.com and the authority that signed it, both made now and only for
 * this run: Chromium is told to take any certificate; Firefox (whose preloaded HSTS list holds
 * youtube.com, so that no exception is allowed) is given the authority as a trusted root.
 */
function certificates(): { key: Buffer; cert: Buffer; ca: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'yt-cert-'));
  const openssl = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
  try {
    const key = ['-newkey', 'rsa:2048', '-nodes'];
    openssl([
      'req',
      '-x509',
      ...key,
      '-days',
      '1',
      '-subj',
      '/CN=Cited Tabs test authority',
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ]);
    openssl(['req', ...key, '-subj', '/CN=www.youtube.com', '-keyout', 'key.pem', '-out', 'leaf.csr']);
    writeFileSync(
      join(dir, 'leaf.ext'),
      'subjectAltName=DNS:www.youtube.com\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n',
    );
    openssl([
      'x509',
      '-req',
      '-in',
      'leaf.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-days',
      '1',
      '-extfile',
      'leaf.ext',
      '-out',
      'cert.pem',
    ]);
    return {
      key: readFileSync(join(dir, 'key.pem')),
      cert: readFileSync(join(dir, 'cert.pem')),
      ca: readFileSync(join(dir, 'ca.pem')),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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
  const { key, cert, ca } = certificates();
  site.caBase64 = ca.toString('latin1').replace(/-----[^-]+-----|\s/g, '');
  const server = createServer({ key, cert: Buffer.concat([cert, ca]) }, (req, res) => {
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
  // Firefox's way in: a tunnel to the site for www.youtube.com:443, refused for any other host.
  const proxy = createHttpServer((_req, res) => res.writeHead(405).end());
  // A tunnel's sockets leave the HTTP server's hands: closed by us at the end.
  const tunnels = new Set<{ destroy: () => void }>();
  proxy.on('connect', (req, client, head: Buffer) => {
    tunnels.add(client);
    client.on('close', () => tunnels.delete(client));
    if (req.url !== 'www.youtube.com:443') {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = connect(site.port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    const drop = () => {
      upstream.destroy();
      client.destroy();
    };
    upstream.on('error', drop);
    client.on('error', drop);
    client.on('close', drop);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  site.port = (server.address() as AddressInfo).port;
  site.proxyPort = (proxy.address() as AddressInfo).port;
  site.chromiumArgs = [`--host-resolver-rules=MAP www.youtube.com 127.0.0.1:${site.port}`, '--ignore-certificate-errors'];
  site.close = async () => {
    for (const socket of tunnels) socket.destroy();
    for (const s of [server, proxy]) {
      s.closeAllConnections();
      await new Promise<void>((r) => s.close(() => r()));
    }
  };
  return site;
}

/**
 * The script (Marionette, chrome context) that points a running Firefox's HTTPS at the site's
 * proxy (plain HTTP, the stand-in's and the fixtures' on 127.0.0.1, goes direct) and trusts the
 * run's certificate authority.
 */
export function trustInFirefox(site: YouTubeSite): string {
  return `Services.prefs.setIntPref('network.proxy.type', 1);
    Services.prefs.setStringPref('network.proxy.ssl', '127.0.0.1');
    Services.prefs.setIntPref('network.proxy.ssl_port', ${site.proxyPort});
    Cc['@mozilla.org/security/x509certdb;1'].getService(Ci.nsIX509CertDB).addCertFromBase64(${JSON.stringify(site.caBase64)}, 'C,,');
    return true;`;
}

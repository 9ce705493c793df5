/**
 * A small client for Marionette, Firefox's own remote protocol, which the Firefox e2e tests speak
 * to a headless Firefox ESR. npm has no maintained Marionette client for Node (the maintained
 * ones are Mozilla's Python packages), and WebDriver BiDi, which puppeteer-core speaks, refuses
 * the add-on's pages and the browser's own windows; Marionette with system access reaches both.
 *
 * The protocol: JSON over TCP, each message prefixed with its length in bytes and a colon. The
 * server greets first; a command is `[0, id, name, params]`, its reply `[1, id, error, result]`.
 */
import { connect, type Socket } from 'node:net';

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  name: string;
}

export class MarionetteError extends Error {
  constructor(
    readonly command: string,
    readonly error: string,
    message: string,
    readonly stacktrace?: string,
  ) {
    super(`${command}: ${error}: ${message}`);
  }
}

export class Marionette {
  #socket: Socket;
  #buffer = Buffer.alloc(0);
  #nextId = 1;
  #pending = new Map<number, Pending>();
  #greeting: Promise<unknown>;
  #greeted!: (value: unknown) => void;
  #closed: Error | null = null;

  private constructor(socket: Socket) {
    this.#socket = socket;
    this.#greeting = new Promise((r) => (this.#greeted = r));
    socket.on('data', (chunk: Buffer) => this.#receive(chunk));
    const fail = (err: Error) => {
      this.#closed = err;
      for (const p of this.#pending.values()) p.reject(new Error(`${p.name}: ${err.message}`));
      this.#pending.clear();
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('Marionette connection closed')));
  }

  /** Connects to Marionette on localhost and waits for its greeting. */
  static async connect(port: number): Promise<Marionette> {
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = connect(port, '127.0.0.1', () => resolve(s));
      s.once('error', reject);
    });
    const client = new Marionette(socket);
    await client.#greeting;
    return client;
  }

  #receive(chunk: Buffer): void {
    this.#buffer = Buffer.concat([this.#buffer, chunk]);
    for (;;) {
      const colon = this.#buffer.indexOf(':');
      if (colon < 0) return;
      const length = Number(this.#buffer.subarray(0, colon).toString('latin1'));
      if (this.#buffer.length < colon + 1 + length) return;
      const body = this.#buffer.subarray(colon + 1, colon + 1 + length).toString('utf8');
      this.#buffer = this.#buffer.subarray(colon + 1 + length);
      const message: unknown = JSON.parse(body);
      if (!Array.isArray(message)) {
        this.#greeted(message);
        continue;
      }
      const [, id, error, result] = message as [
        number,
        number,
        { error: string; message: string; stacktrace?: string } | null,
        unknown,
      ];
      const pending = this.#pending.get(id);
      if (!pending) continue;
      this.#pending.delete(id);
      if (error) pending.reject(new MarionetteError(pending.name, error.error, error.message, error.stacktrace));
      else pending.resolve(result);
    }
  }

  /** Sends one command and resolves with its result. */
  send<T = unknown>(name: string, params: Record<string, unknown> = {}): Promise<T> {
    if (this.#closed) return Promise.reject(new Error(`${name}: ${this.#closed.message}`));
    const id = this.#nextId++;
    const body = Buffer.from(JSON.stringify([0, id, name, params]), 'utf8');
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject, name });
      this.#socket.write(Buffer.concat([Buffer.from(`${body.length}:`, 'latin1'), body]));
    });
  }

  /**
   * Runs `script` (the body of an async function; `arguments` holds `args`) in the current
   * context and browsing context, and resolves with what it returns.
   */
  async execute<T = unknown>(script: string, args: unknown[] = []): Promise<T> {
    const wrapped = `return (async function () {\n${script}\n}).apply(this, arguments);`;
    const reply = await this.send<{ value: T }>('WebDriver:ExecuteScript', { script: wrapped, args });
    return reply.value;
  }

  /** `chrome`: the browser's own windows, with system privileges; `content`: the selected tab. */
  async setContext(value: 'chrome' | 'content'): Promise<void> {
    await this.send('Marionette:SetContext', { value });
  }

  close(): void {
    this.#socket.destroy();
  }
}

import { Buffer } from 'buffer';

/*
 * The two Node globals the server's code uses that a browser lacks: Buffer (photo bytes, base64url)
 * and setImmediate (work after the answer, batched writes). Installed before the server's modules run.
 */
const globals = globalThis as unknown as { Buffer?: typeof Buffer; setImmediate?: (run: () => void) => unknown };
globals.Buffer ??= Buffer;
globals.setImmediate ??= (run: () => void) => setTimeout(run, 0);

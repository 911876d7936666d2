import { cpSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { aliases } from './vite.config.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = process.env.SERVER_OUT_DIR ?? `${root}dist-server`;

/**
 * The migrator and the replaceable functions read their SQL at run time through
 * `new URL('./migrations' | './functions/', import.meta.url)`: in the bundle that URL is the bundle's
 * own folder, so both folders are copied beside it.
 */
const copySql = (): Plugin => ({
  name: 'wellness-copy-sql',
  apply: 'build',
  closeBundle() {
    for (const folder of ['migrations', 'functions']) cpSync(`${root}server/db/${folder}`, `${outDir}/${folder}`, { recursive: true });
  },
});

export default defineConfig({
  plugins: [copySql()],
  resolve: { alias: aliases },
  publicDir: false,
  ssr: { target: 'node' },
  build: {
    // The server, and the backup and restore commands (run in the image, which has no sources).
    ssr: true,
    outDir,
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    rolldownOptions: {
      input: { index: `${root}server/index.ts`, backup: `${root}server/cli/backup.ts`, restore: `${root}server/cli/restore.ts` },
      output: { format: 'esm', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
    },
  },
});

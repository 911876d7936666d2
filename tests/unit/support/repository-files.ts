import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Helpers of the documentation checks: which files the repository holds, and what a Markdown file links to. */

export const root = process.cwd();

const SKIPPED_FOLDERS = new Set(['.git', 'node_modules', 'dist', 'dist-mock', 'dist-server', 'data', 'test-results', 'coverage']);
const BINARY = /\.(png|jpe?g|gif|ico|webp|woff2?|ttf|eot|pdf|zip|gz|br|tgz)$/i;

const walk = (folder: string): string[] =>
  readdirSync(folder).flatMap((name) => {
    if (SKIPPED_FOLDERS.has(name) || name.startsWith('.e2e-data')) return [];
    const path = join(folder, name);
    return statSync(path).isDirectory() ? walk(path) : [relative(root, path)];
  });

/** The files of the repository (tracked, plus new ones not ignored); a copy without git is walked instead. */
export const repositoryFiles = (): string[] => {
  let files: string[];
  try {
    files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' }).split('\n');
  } catch {
    files = walk(root);
  }
  return files.filter((file) => file && !BINARY.test(file) && existsSync(join(root, file)));
};

export const readText = (file: string) => readFileSync(join(root, file), 'utf8');

/** Markdown without its fenced code blocks (their lines keep their place, emptied). */
const withoutFences = (markdown: string) => {
  let inFence = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        inFence = !inFence;
        return '';
      }
      return inFence ? '' : line;
    })
    .join('\n');
};

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export const headingAnchors = (markdown: string) => {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const match of withoutFences(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const text = match[1]!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
};

/** Every `[text](target)` and `![alt](target)` outside code, without a title part. */
export const markdownLinks = (markdown: string) =>
  [...withoutFences(markdown).replace(/`[^`\n]*`/g, '').matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]!);

/** `npm run <name>` (and `npm start` / `npm test`) named in a text. */
export const npmScriptsNamed = (text: string) => {
  const names = new Set<string>();
  for (const match of text.matchAll(/\bnpm run ([\w:.-]+)/g)) names.add(match[1]!);
  for (const match of text.matchAll(/\bnpm (start|test)\b/g)) names.add(match[1]!);
  return names;
};

/** Backticked repository paths in a text (`src/...`, `tests/...`): no placeholders, no globs. */
export const repositoryPathsNamed = (text: string) => {
  const paths = new Set<string>();
  for (const match of text.matchAll(/`((?:src|server|tests|mocks|scripts|bench|docs|public|build|\.ci)\/[\w./-]*)`/g)) {
    const path = match[1]!;
    if (!/[<>*{}]|\/x\/|\/x\.ts|\.\.\./.test(path)) paths.add(path);
  }
  return paths;
};

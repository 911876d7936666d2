import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Every locked package with an install script is decided in package.json's `allowScripts`
 * (docs/security.md "Install scripts"): npm 11 warns at `npm ci` about each one left out, and a
 * new dependency with a script must be looked at before it runs on every developer's machine.
 */
type Lock = { packages: Record<string, { hasInstallScript?: boolean }> };
type Manifest = { allowScripts?: Record<string, boolean> };

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as Lock;
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as Manifest;

/** The package name a lock entry's key ends with ('node_modules/@a/b/node_modules/c' -> 'c'). */
const nameOf = (key: string) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);

describe('install scripts', () => {
  const withScripts = [...new Set(Object.entries(lock.packages).flatMap(([key, entry]) => (entry.hasInstallScript ? [nameOf(key)] : [])))].sort();

  it('every locked package with an install script has a decision in allowScripts, and no decision is left over', () => {
    expect(withScripts.length).toBeGreaterThan(0); // the lock records the flag: an empty list would mean this test reads nothing
    expect(Object.keys(manifest.allowScripts ?? {}).sort()).toEqual(withScripts);
  });

  it('none of them runs: the project needs neither script (docs/security.md says why per package)', () => {
    expect(Object.entries(manifest.allowScripts ?? {}).filter(([, allowed]) => allowed !== false)).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` refuses to install when a locked package asks for a dist-tag ('latest', 'next') whose
 * version moved on the registry after the lock was written: CI on a fresh machine failed that way
 * (Lighthouse's trace engine wanted third-party-web@latest). Every such tag must be pinned in
 * package.json's overrides, which replace the tag before npm compares the lock.
 */
type Lock = { packages: Record<string, { dependencies?: Record<string, string> }> };
type Manifest = { overrides?: Record<string, string | Record<string, string>> };

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as Lock;
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as Manifest;
const DIST_TAG = /^[a-z][a-z0-9-]*$/i;

/** The package name a lock entry's key ends with ('node_modules/@a/b/node_modules/c' -> 'c'). */
const nameOf = (key: string) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);

const pinned = (parent: string, dependency: string) => {
  const overrides = manifest.overrides ?? {};
  const scoped = overrides[parent];
  return typeof overrides[dependency] === 'string' || (typeof scoped === 'object' && dependency in scoped);
};

describe('package-lock.json survives a moved dist-tag', () => {
  it('pins every dependency that a locked package names by a tag', () => {
    const unpinned = Object.entries(lock.packages)
      .filter(([key]) => key.includes('node_modules/'))
      .flatMap(([key, entry]) =>
        Object.entries(entry.dependencies ?? {})
          .filter(([, spec]) => DIST_TAG.test(spec))
          .filter(([dependency]) => !pinned(nameOf(key), dependency))
          .map(([dependency, spec]) => `${nameOf(key)} -> ${dependency}@${spec}`),
      );
    expect(unpinned).toEqual([]);
  });
});

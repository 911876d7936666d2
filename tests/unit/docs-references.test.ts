import { existsSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { headingAnchors, markdownLinks, npmScriptsNamed, readText, repositoryFiles, repositoryPathsNamed, root } from './support/repository-files';

/**
 * The repository explains itself: nothing cites documents that are not in it, every citation of a
 * document in docs/ names a file and section that exist, and every command, link and path the
 * README and docs/ give works on a fresh clone (docs/testing.md).
 */
const files = repositoryFiles();
const markdownFiles = files.filter((file) => file.endsWith('.md'));
const guideFiles = markdownFiles.filter((file) => file === 'README.md' || file.startsWith('docs/'));

const outsideReferences: { name: string; pattern: RegExp }[] = [
  { name: 'a path into a folder beside the repository', pattern: /\.\.\/shared\b/ },
  { name: 'a specification outside the repository', pattern: /\bSPEC\b|\b[Tt]he spec('s)?\b/ },
  { name: 'a design document outside the repository', pattern: /\bDESIGN\b/ },
  { name: 'a work-session word', pattern: /\bthis session\b|\bthe lead\b/i },
  { name: 'an issue number', pattern: /\bissue \d+/i },
];

const findings = (pattern: RegExp) =>
  files
    .flatMap((file) =>
      readText(file)
        .split('\n')
        .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim().slice(0, 120)}`] : [])),
    );

describe('no reference out of the repository', () => {
  test.each(outsideReferences)('no file cites $name', ({ pattern }) => {
    expect(findings(pattern)).toEqual([]);
  });

  test('the check reads the files it guards', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/product-rules.md', 'src/domain/competition.ts', 'tests/unit/docs-references.test.ts']));
  });
});

const anchorsOf = new Map<string, Set<string>>();
const anchors = (file: string) => {
  if (!anchorsOf.has(file)) anchorsOf.set(file, headingAnchors(readText(file)));
  return anchorsOf.get(file)!;
};

/** Why a target (a repository path, optionally with #anchor) does not resolve, or null when it does. */
const brokenTarget = (path: string, anchor: string | undefined) => {
  if (!existsSync(join(root, path))) return `${path} does not exist`;
  if (anchor && path.endsWith('.md') && !anchors(path).has(anchor)) return `${path} has no section #${anchor}`;
  return null;
};

describe('citations of docs/ name files and sections that exist', () => {
  test('every docs/<file>.md#<section> cited in code, tests and documents resolves', () => {
    const broken = files.flatMap((file) =>
      [...readText(file).matchAll(/\bdocs\/([\w-]+\.md)(?:#([\w-]+))?/g)].flatMap((match) => {
        const problem = brokenTarget(`docs/${match[1]}`, match[2]);
        return problem ? [`${file}: ${problem}`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });
});

describe('README and docs work on a fresh clone', () => {
  const scripts = (JSON.parse(readText('package.json')) as { scripts: Record<string, string> }).scripts;

  test.each(markdownFiles)('every npm script %s names exists in package.json', (file) => {
    const missing = [...npmScriptsNamed(readText(file))].filter((name) => !(name in scripts));
    expect(missing).toEqual([]);
  });

  test.each(markdownFiles)('every relative link of %s resolves', (file) => {
    const broken = markdownLinks(readText(file)).flatMap((target) => {
      if (/^[a-z][\w+.-]*:/i.test(target)) return [];
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const problem = brokenTarget(path ? normalize(join(dirname(file), path)) : file, anchor);
      return problem ? [`${target}: ${problem}`] : [];
    });
    expect(broken).toEqual([]);
  });

  test.each(guideFiles)('every repository path %s names exists', (file) => {
    const missing = [...repositoryPathsNamed(readText(file))].filter((path) => !existsSync(join(root, path)));
    expect(missing).toEqual([]);
  });

  test('the README stays short', () => {
    expect(readText('README.md').split('\n').length).toBeLessThanOrEqual(251);
  });

  const guides = ['product-rules', 'architecture', 'configuration', 'operations', 'security', 'trackers', 'testing', 'performance'];
  test.each(guides)('docs/%s.md exists and the README links it', (name) => {
    expect(existsSync(join(root, 'docs', `${name}.md`))).toBe(true);
    expect(markdownLinks(readText('README.md'))).toContain(`docs/${name}.md`);
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkDocLinks,
  documentAnchors,
  headingAnchor,
  outsideReferences,
} from './check-doc-links.ts';

describe('the repository', () => {
  it('refers to no document outside it, and every document link resolves', () => {
    expect(checkDocLinks()).toEqual([]);
  });
});

describe('outside references', () => {
  it.each([
    ['// see DESIGN.md §6', 'the design notes (DESIGN.md)'],
    ['/** budgets (DESIGN §6) */', 'the design notes (DESIGN.md)'],
    ['(product-spec §2)', 'the product spec'],
    ['rules (spec §5)', 'the product spec'],
    ['(auth-api-contract §4.3)', 'the auth contract'],
    ['public (contract §4.9)', 'the auth contract'],
    ['As `../../shared/reference/x.md` says', 'a path outside the repository (../shared)'],
    ['see mentor-voice.md', 'a reference document'],
  ])('finds %j', (line, what) => {
    expect(outsideReferences('x.ts', `first\n${line}\n`)).toEqual([
      { file: 'x.ts', line: 2, message: `refers to ${what}` },
    ]);
  });

  it('leaves ordinary words alone', () => {
    const text = 'A design choice; the spec of RFC 6749; a contract with a customer; shared/x.';
    expect(outsideReferences('x.ts', text)).toEqual([]);
  });
});

describe('anchors', () => {
  it('are made from headings as GitHub makes them', () => {
    expect(headingAnchor('Where we differ on purpose')).toBe('where-we-differ-on-purpose');
    expect(headingAnchor('OAuth 2.1 server ("Sign in with Parťák")')).toBe(
      'oauth-21-server-sign-in-with-parťák',
    );
    expect(headingAnchor('Reminders, mail and texts')).toBe('reminders-mail-and-texts');
  });

  it('number repeated headings and ignore code blocks', () => {
    const markdown = '# Title\n## Notes\n```\n# not a heading\n```\n## Notes\n';
    expect([...documentAnchors(markdown)]).toEqual(['title', 'notes', 'notes-1']);
  });
});

describe('document links', () => {
  const root = mkdtempSync(join(tmpdir(), 'partak-doc-links-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  it('must resolve, anchors included, from Markdown and from comments', () => {
    write(
      'docs/a.md',
      '# A\n\n## Known part\n\n[ok](b.md#b) [self](#known-part) [web](https://x.y)\n',
    );
    write('docs/b.md', '# B\n\n[up](../README.md) [gone](missing.md) [bad anchor](a.md#nope)\n');
    write('README.md', '# Readme\n\n[docs](docs/) [a](docs/a.md#known-part)\n');
    write(
      'src/x.ts',
      '// docs/a.md#known-part and docs/b.md; docs/c.md#x is gone\n// and docs/a.md#missing\n',
    );
    expect(checkDocLinks(root)).toEqual([
      { file: 'docs/b.md', line: 3, message: 'links to missing.md, which does not exist' },
      { file: 'docs/b.md', line: 3, message: 'links to a.md#nope: no such heading' },
      { file: 'src/x.ts', line: 1, message: 'links to docs/c.md#x, which does not exist' },
      { file: 'src/x.ts', line: 2, message: 'links to docs/a.md#missing: no such heading' },
    ]);
  });
});

/**
 * What a fragment is checked against: GitHub's heading slugs, the anchors
 * of Markdown and HTML, which fragments are anchors at all, and how one is
 * matched.
 */
import { describe, expect, it } from 'vitest';
import { anchorKind, anchorOf, hasAnchor } from '../../src/check/fragment.js';
import { githubSlug, Slugger } from '../../src/check/github-slug.js';
import { htmlAnchorsOf } from '../../src/check/html-anchors.js';
import { markdownAnchorsOf } from '../../src/check/markdown-anchors.js';

describe('GitHub heading slugs', () => {
  it.each([
    ['Getting Started', 'getting-started'],
    ["What's new?", 'whats-new'],
    ['C++ & Rust', 'c--rust'],
    ['Version 1.2.3', 'version-123'],
    ['snake_case_name', 'snake_case_name'],
    ['API: scan(text)', 'api-scantext'],
    ['Über uns', 'über-uns'],
    ['日本語の見出し', '日本語の見出し'],
    ['🚀 Deploy', '-deploy'],
    ['a -- b', 'a----b'],
    ['Ünïcödé ÉTÉ', 'ünïcödé-été'],
  ])('%j → %j', (text, slug) => {
    expect(githubSlug(text)).toBe(slug);
  });

  it('repeats get -1, -2, and a slug already taken by a repeat gets its own counter', () => {
    const slugger = new Slugger();
    expect(['Intro', 'Intro', 'Intro', 'Intro-1', 'Other'].map((text) => slugger.slug(text))).toEqual(['intro', 'intro-1', 'intro-2', 'intro-1-1', 'other']);
  });
});

describe('anchors of a Markdown document', () => {
  it('heading slugs from the text of the heading, and ids and names of its HTML', async () => {
    const markdown = [
      '---',
      'title: Front matter is no heading',
      '---',
      '# The `scan` function',
      '',
      '## *Emphasis* and [a link](https://example.org/) ![logo](logo.png)',
      '',
      'Setext heading',
      '--------------',
      '',
      '## Intro',
      '## Intro',
      '',
      '<a name="legacy-anchor"></a>',
      '<h3 id="custom">Custom</h3>',
      '',
      '```sh',
      '# a comment, not a heading',
      '```',
    ].join('\n');
    expect([...(await markdownAnchorsOf(markdown))].sort()).toEqual(
      ['custom', 'emphasis-and-a-link-', 'intro', 'intro-1', 'legacy-anchor', 'setext-heading', 'the-scan-function'].sort(),
    );
  });
});

describe('anchors of HTML', () => {
  it('ids of any element and names of <a>, entities decoded', () => {
    const html = '<h1 id="top-title">x</h1><a name="old"></a><div name="not-an-anchor"></div><p ID="Upper">y</p><span id="a&amp;b"></span>';
    expect([...htmlAnchorsOf(html)]).toEqual(['top-title', 'old', 'Upper', 'a&b']);
  });
});

describe('which fragments are anchors', () => {
  it.each([
    ['', undefined],
    ['#', undefined],
    ['#install', 'install'],
    ['#caf%C3%A9', 'café'],
    ['#bad%escape', 'bad%escape'],
    ['#top', undefined],
    ['#/route/x', undefined],
    ['#!hashbang', undefined],
    ['#:~:text=hello', undefined],
    ['#page=2', undefined],
    ['#L10', undefined],
    ['#L10-L20', undefined],
    ['#L3C1-L4C9', undefined],
    ['#Lindy', 'Lindy'],
  ])('%j → %j', (hash, anchor) => {
    expect(anchorOf(hash)).toBe(anchor);
  });
});

describe('matching an anchor', () => {
  it.each([
    ['html', ['Install'], 'Install', true],
    ['html', ['Install'], 'install', false],
    ['html', ['user-content-install'], 'install', true],
    ['markdown', ['install'], 'Install', true],
    ['markdown', ['install'], 'uninstall', false],
  ] as const)('%s %j has %j: %s', (kind, anchors, anchor, found) => {
    expect(hasAnchor({ anchors: new Set(anchors), kind, complete: true }, anchor)).toBe(found);
  });

  it.each([
    ['/docs/a.html', 'text/html', 'html'],
    ['/docs/a', 'application/xhtml+xml', 'html'],
    ['/README.md', 'text/plain', 'markdown'],
    ['/notes', 'text/markdown', 'markdown'],
    ['/a.png', 'image/png', undefined],
    ['/a.txt', 'text/plain', undefined],
    ['/docs/a.md', undefined, 'markdown'],
    ['/docs/a.htm', undefined, 'html'],
    ['/docs/a.pdf', undefined, undefined],
  ] as const)('%s served as %s: %s', (path, type, kind) => {
    expect(anchorKind(path, type)).toBe(kind);
  });
});

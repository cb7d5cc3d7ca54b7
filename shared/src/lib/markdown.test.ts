// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { frontMatter, htmlToMarkdown, slugify, uniqueName } from './markdown';

describe('htmlToMarkdown', () => {
  it('converts the editor formats', () => {
    const md = htmlToMarkdown(
      '<h1>Day</h1><h2>Morning</h2><p><strong>bold</strong> <em>it</em> <s>gone</s> <u>under</u> <a href="https://example.com/a">link</a></p><blockquote>quoted</blockquote>',
    );
    expect(md).toBe('# Day\n\n## Morning\n\n**bold** _it_ ~~gone~~ under [link](https://example.com/a)\n\n> quoted');
  });

  it("turns Quill's flat lists (data-list, ql-indent) into nested Markdown lists", () => {
    const md = htmlToMarkdown(
      '<ol><li data-list="bullet">tea</li><li data-list="bullet" class="ql-indent-1">green</li><li data-list="bullet">milk</li></ol>' +
        '<ol><li data-list="ordered">one</li><li data-list="ordered">two</li></ol><ol><li data-list="checked">done</li><li data-list="unchecked">todo</li></ol>',
    );
    expect(md).toBe('- tea\n    - green\n- milk\n\n1. one\n2. two\n\n- [x] done\n- [ ] todo');
  });

  it('keeps code blocks, formulas, images and videos', () => {
    const md = htmlToMarkdown(
      '<div class="ql-code-block-container"><div class="ql-code-block">let a = 1;</div><div class="ql-code-block">a++;</div></div>' +
        '<p>E: <span class="ql-formula" data-value="e=mc^2"></span></p><p><img src="https://cdn.example.com/a.png" alt="lake"></p>' +
        '<iframe class="ql-video" src="https://www.youtube.com/embed/abc"></iframe>',
    );
    expect(md).toBe(
      '```\nlet a = 1;\na++;\n```\n\nE: $e=mc^2$\n\n![lake](https://cdn.example.com/a.png)\n\n[Video](https://www.youtube.com/embed/abc)',
    );
  });
});

describe('file names', () => {
  it('slugify makes short ASCII names, never empty', () => {
    expect(slugify('Café au lait: 2 cups!')).toBe('cafe-au-lait-2-cups');
    expect(slugify('   ')).toBe('untitled');
    expect(slugify('日記')).toBe('untitled');
    expect(slugify('a'.repeat(80))).toHaveLength(60);
  });

  it('uniqueName numbers repeats', () => {
    const taken = new Set<string>();
    expect([
      uniqueName(taken, 'notes/a', '.md'),
      uniqueName(taken, 'notes/a', '.md'),
      uniqueName(taken, 'notes/a', '.md'),
    ]).toEqual(['notes/a.md', 'notes/a-2.md', 'notes/a-3.md']);
  });

  it('front matter quotes every string', () => {
    expect(
      frontMatter({
        title: 'A "quoted": title',
        date: '2026-11-16',
        tags: ['x'],
        pinned: true,
        created_at: undefined,
        empty: [],
      }),
    ).toBe('---\ntitle: "A \\"quoted\\": title"\ndate: "2026-11-16"\ntags: ["x"]\npinned: true\n---\n');
  });
});

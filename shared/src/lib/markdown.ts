import TurndownService from 'turndown';

/**
 * Editor HTML → Markdown. Quill 2 writes every list as `<ol>` with `li[data-list]` and nests by
 * `ql-indent-N` classes, and a code block as `div.ql-code-block` lines: those get rules of their own.
 */
function createTurndown(): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '_',
    hr: '---',
  });
  service.addRule('strikethrough', {
    filter: ['s', 'del'],
    replacement: (content) => (content.trim() ? `~~${content}~~` : content),
  });
  service.addRule('formula', {
    filter: (node) => node.nodeName === 'SPAN' && node.classList.contains('ql-formula'),
    replacement: (_content, node) => `$${node.getAttribute('data-value') ?? node.textContent ?? ''}$`,
  });
  service.addRule('video', {
    filter: 'iframe',
    replacement: (_content, node) => {
      const src = node.getAttribute('src');
      return src ? `\n\n[Video](${src})\n\n` : '';
    },
  });
  service.addRule('quillCodeBlock', {
    filter: (node) => node.nodeName === 'DIV' && node.classList.contains('ql-code-block-container'),
    replacement: (_content, node) => {
      const lines = Array.from(node.querySelectorAll('.ql-code-block')).map((line) => line.textContent ?? '');
      return `\n\n\`\`\`\n${lines.join('\n')}\n\`\`\`\n\n`;
    },
  });
  service.addRule('quillListItem', {
    filter: 'li',
    replacement: (content, node) => {
      const item = node;
      const indent = Number(/ql-indent-(\d)/.exec(item.className)?.[1] ?? 0);
      const kind = item.getAttribute('data-list') ?? (item.parentNode?.nodeName === 'OL' ? 'ordered' : 'bullet');
      let marker = '- ';
      if (kind === 'ordered') {
        // The number among the items of the same kind and depth just before this one.
        let n = 1;
        for (let sibling = item.previousElementSibling; sibling; sibling = sibling.previousElementSibling) {
          const siblingIndent = Number(/ql-indent-(\d)/.exec(sibling.className)?.[1] ?? 0);
          if (siblingIndent < indent) break;
          if (siblingIndent === indent) {
            if ((sibling.getAttribute('data-list') ?? 'ordered') !== 'ordered') break;
            n++;
          }
        }
        marker = `${n}. `;
      } else if (kind === 'checked') marker = '- [x] ';
      else if (kind === 'unchecked') marker = '- [ ] ';
      const text = content
        .replace(/^\n+/, '')
        .replace(/\n+$/, '')
        .replace(/\n/gm, `\n${' '.repeat(marker.length)}`);
      return `${'    '.repeat(indent)}${marker}${text}${item.nextElementSibling ? '\n' : ''}`;
    },
  });
  return service;
}

let turndown: TurndownService | null = null;

/**
 * Markdown of editor HTML, for the journal's export (in the browser, after its sanitizer) and the account's
 * export (on the server, from the stored text the API sanitized when it was saved).
 */
export function htmlToMarkdown(html: string): string {
  turndown ??= createTurndown();
  // A stored formula is an empty span (the editor draws it from data-value): Turndown would take it for blank and
  // drop it with the space before it. A zero-width space inside makes it go through the formula rule.
  const formulas = html.replace(/(<span\b[^>]*\bql-formula\b[^>]*>)(<\/span>)/g, '$1\u200b$2');
  return turndown.turndown(formulas).trim();
}

/** A file-name part: lower case ASCII words joined by dashes, at most 60 characters. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'untitled';
}

/** Reserves `name` in `taken`, adding `-2`, `-3`... before the extension when it is already used. */
export function uniqueName(taken: Set<string>, base: string, extension: string): string {
  let name = `${base}${extension}`;
  for (let n = 2; taken.has(name); n++) name = `${base}-${n}${extension}`;
  taken.add(name);
  return name;
}

/** YAML front matter of simple values; JSON strings are valid YAML scalars, so any text is quoted safely. */
export function frontMatter(values: Record<string, string | boolean | string[] | undefined>): string {
  const lines = Object.entries(values)
    .filter(([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0))
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return `---\n${lines.join('\n')}\n---\n`;
}

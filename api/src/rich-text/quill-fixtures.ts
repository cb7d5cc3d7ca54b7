/**
 * What Quill 2.0.3's editor writes (`editor.root.innerHTML`, as a browser serializes it) for every format
 * the spec names (§1: bold, italic, underline, strike, links, headers, lists, blockquote, code block,
 * images, video, formulas; §9: font sizes, indent 1–8), plus alignment and colours from the toolbar.
 * Each must come out of the sanitizer byte for byte unchanged.
 */
export const quillFormats: Record<string, string> = {
  paragraph: '<p>Plain text</p>',
  'empty line': '<p><br></p>',
  bold: '<p><strong>bold</strong></p>',
  italic: '<p><em>italic</em></p>',
  underline: '<p><u>underline</u></p>',
  strike: '<p><s>strike</s></p>',
  'legacy b and i': '<p><b>b</b> and <i>i</i></p>',
  'nested inline': '<p><strong><em><u><s>all four</s></u></em></strong></p>',
  'https link':
    '<p><a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow" target="_blank">link</a></p>',
  'http link': '<p><a href="http://example.com" rel="noopener noreferrer nofollow" target="_blank">http</a></p>',
  'mailto link': '<p><a href="mailto:me@example.com" rel="noopener noreferrer nofollow" target="_blank">mail</a></p>',
  'tel link': '<p><a href="tel:+15551234567" rel="noopener noreferrer nofollow" target="_blank">call</a></p>',
  'relative link': '<p><a href="/notes/12" rel="noopener noreferrer nofollow" target="_blank">note</a></p>',
  headers: '<h1>One</h1><h2>Two</h2><h3>Three</h3><h4>Four</h4><h5>Five</h5><h6>Six</h6>',
  'bullet list': '<ol><li data-list="bullet">first</li><li data-list="bullet">second</li></ol>',
  'ordered list': '<ol><li data-list="ordered">first</li><li data-list="ordered" class="ql-indent-1">nested</li></ol>',
  'check list': '<ol><li data-list="checked">done</li><li data-list="unchecked">to do</li></ol>',
  'semantic lists': '<ul><li>a</li></ul><ol><li>b</li></ol>',
  indents: [1, 2, 3, 4, 5, 6, 7, 8].map((level) => `<p class="ql-indent-${level}">level ${level}</p>`).join(''),
  blockquote: '<blockquote>Quoted</blockquote>',
  'code block':
    '<div class="ql-code-block-container" spellcheck="false"><div class="ql-code-block" data-language="plain">const a = 1 &lt; 2;</div><div class="ql-code-block" data-language="plain">  return &amp;a;</div></div>',
  'code block with syntax':
    '<div class="ql-code-block-container" spellcheck="false"><div class="ql-code-block" data-language="javascript"><span class="ql-token hljs-keyword">const</span> x = <span class="ql-token hljs-number">1</span>;</div></div>',
  'semantic code block': '<pre data-language="plain">\nlet x = 1;\n</pre>',
  'quill 1 code block': '<pre class="ql-syntax">let y = 2;</pre>',
  image: '<p><img src="https://images.example.com/cat.png"></p>',
  'image with size': '<p><img src="https://images.example.com/cat.png" alt="a cat" width="300" height="200"></p>',
  'uploaded image': '<p><img src="/uploads/7/photo-1.jpeg"></p>',
  'youtube video':
    '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://www.youtube.com/embed/dQw4w9WgXcQ?showinfo=0"></iframe>',
  'vimeo video':
    '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://player.vimeo.com/video/76979871"></iframe>',
  formula: '<p><span class="ql-formula" data-value="e=mc^2"></span></p>',
  'formula with comparisons': '<p><span class="ql-formula" data-value="a \\lt b \\gt c &amp; d"></span></p>',
  'size classes':
    '<p><span class="ql-size-small">s</span><span class="ql-size-large">l</span><span class="ql-size-huge">h</span></p>',
  'size styles (§9)':
    '<p><span style="font-size: 10px;">a</span><span style="font-size: 18px;">b</span><span style="font-size: 32px;">c</span></p>',
  fonts: '<p><span class="ql-font-serif">serif</span><span class="ql-font-monospace">mono</span></p>',
  'align classes': '<p class="ql-align-center">c</p><p class="ql-align-right">r</p><h2 class="ql-align-justify">j</h2>',
  'align style': '<p style="text-align: center;">centered</p>',
  colours: '<p><span style="color: rgb(230, 0, 0); background-color: rgb(255, 255, 204);">red on yellow</span></p>',
  'hex colour': '<p><strong style="color: #06c;">blue</strong></p>',
  'class on inline': '<p><strong class="ql-size-large">big bold</strong></p>',
  'right to left': '<p class="ql-direction-rtl ql-align-right">שלום</p>',
};

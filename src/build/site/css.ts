/** The site's stylesheet, inlined in every page: one request per page, no render-blocking fetch. */
export const STYLESHEET = `
:root{--bg:#fdfdfc;--fg:#1d2127;--muted:#5b6470;--line:#e4e6ea;--accent:#0b5cad;--code-bg:#f4f5f7;--card:#fff;
--k:#a626a4;--s:#2f7d32;--n:#9a4d00;--c:#5e6671;--t:#005cc5;--f:#6f42c1;--d:#b31d28}
@media (prefers-color-scheme:dark){:root{--bg:#14171b;--fg:#e6e8eb;--muted:#9aa3ad;--line:#2a3038;--accent:#7ab7ff;
--code-bg:#1d2229;--card:#191d22;--k:#ff7ab2;--s:#8fd18f;--n:#ffb86b;--c:#8b949e;--t:#79c0ff;--f:#d2a8ff;--d:#ff8182}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;overflow-wrap:break-word;background:var(--bg);color:var(--fg);font:1.0625rem/1.65 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.wrap{max-width:46rem;margin:0 auto;padding-left:1.25rem;padding-right:1.25rem}
a{color:var(--accent);text-underline-offset:.15em}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:var(--card);padding:.5rem;z-index:1}
header.site{border-bottom:1px solid var(--line);background:var(--card)}
.bar{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem 1.5rem;padding-top:.8rem;padding-bottom:.8rem}
.brand{font-weight:700;font-size:1.15rem;color:var(--fg);text-decoration:none}
nav{display:flex;flex-wrap:wrap;gap:.25rem 1.1rem;align-items:center}
nav a{color:var(--muted);text-decoration:none}nav a:hover{color:var(--accent)}
.lang-switch{border:1px solid var(--line);border-radius:999px;padding:.1rem .7rem;font-size:.9rem}
main{padding-top:2rem;padding-bottom:3rem}
h1{font-size:clamp(1.8rem,4.5vw,2.4rem);line-height:1.2;margin:.2rem 0 .8rem;letter-spacing:-.01em}
h2{font-size:1.45rem;line-height:1.3;margin:2.2rem 0 .6rem}h3{font-size:1.15rem;margin:1.6rem 0 .4rem}
h2 .anchor,h3 .anchor,h4 .anchor{color:inherit;text-decoration:none}
.anchor:hover::after{content:" #";color:var(--muted)}
.lede{font-size:1.15rem;color:var(--muted);margin-top:0}
.meta{color:var(--muted);font-size:.9rem;margin:0}
code{font:.9em/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--code-bg);padding:.1em .3em;border-radius:4px}
pre{background:var(--code-bg);border:1px solid var(--line);border-radius:8px;padding:1rem;overflow-x:auto;line-height:1.5}
pre:focus-visible,.table:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
pre code{background:none;padding:0;font-size:.88rem;overflow-wrap:normal}
p code,li code,td code{overflow-wrap:anywhere}
blockquote{margin:1rem 0;padding:.1rem 1rem;border-left:3px solid var(--line);color:var(--muted)}
img{max-width:100%;height:auto}
.table{overflow-x:auto}table{border-collapse:collapse;width:100%;font-size:.95rem;margin:1rem 0}
th,td{border-bottom:1px solid var(--line);padding:.45rem .6rem;text-align:left;vertical-align:top}
ul.entries{list-style:none;padding:0;margin:1rem 0}
.entry{padding:1rem 0;border-bottom:1px solid var(--line)}.entry :is(h2,h3){font-size:1.15rem;line-height:1.4;margin:.15rem 0 .3rem}
.entry :is(h2,h3) a{color:var(--fg);text-decoration:none}.entry :is(h2,h3) a:hover{color:var(--accent)}.entry p{margin:.2rem 0}
ul.tags{list-style:none;padding:0;margin:.5rem 0 0;display:flex;flex-wrap:wrap;gap:.4rem}
ul.tags a{font-size:.82rem;text-decoration:none;border:1px solid var(--line);border-radius:999px;padding:.05rem .6rem;color:var(--muted)}
.series-box{border:1px solid var(--line);border-radius:8px;padding:.6rem 1rem;background:var(--card);margin:1.5rem 0}
.slide{border:1px solid var(--line);border-radius:10px;padding:.2rem 1.4rem 1rem;margin:1.2rem 0;background:var(--card)}
footer.site{border-top:1px solid var(--line);color:var(--muted);font-size:.9rem;padding:1.5rem 0}
footer.site p{margin:.3rem 0}
.hljs-keyword,.hljs-selector-tag,.hljs-meta .hljs-keyword{color:var(--k)}
.hljs-string,.hljs-regexp,.hljs-addition{color:var(--s)}
.hljs-number,.hljs-literal,.hljs-symbol{color:var(--n)}
.hljs-comment,.hljs-quote{color:var(--c);font-style:italic}
.hljs-type,.hljs-built_in,.hljs-attr,.hljs-attribute,.hljs-variable,.hljs-params{color:var(--t)}
.hljs-title,.hljs-section,.hljs-name,.hljs-selector-class{color:var(--f)}
.hljs-deletion{color:var(--d)}
`
  .trim()
  .replace(/\n/g, '');

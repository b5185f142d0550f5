// Build step: index.html paints the planner's first screen (the app's own render, firstScreen.ts) as soon as it
// arrives, as a plain page would. In its way stood the stylesheet and the app's modules. Inlining the whole Tailwind
// stylesheet (65 kB) removed a render-blocking request but made the shell's first style and layout pass
// cost ~35 ms (traces: UpdateLayoutTree + Layout, against ~6 ms for the plain-DOM floor); the modules'
// evaluation (~100 ms) and even a modulepreload's compile could land before the first frame. So:
// - only the rules the first screen's markup uses go inline (beasties, run on the screens the inline script
//   paints), the full stylesheet is fetched and applied after the first frame;
// - the loader starts the entry and its chunks (modulepreload) with the stylesheet after the first frame,
//   and runs the entry once the stylesheet has loaded, so the app never renders unstyled. Preloading them
//   in <head> was slower in A/B runs: a modulepreload may compile before the first frame, and a plain
//   preload (as=script) does not match a module script's streamed compile (35 ms on the main thread).
// The index.html preloads nothing: a stylesheet preload in <head> alone delayed the first screen's first
// frame by ~10-15 ms (the parser starting its fetch; A/B, interleaved runs: ready @0 1.28-1.79x the floor
// with it, 1.05-1.22x without). With stored tasks the loader starts every fetch at once instead.
// The server's CSP allows inline styles and hashes every inline script of the built index.html (the
// loader and the first screen's script are static text per build; listeners are properties, not attributes).
import Beasties from 'beasties';
import postcss from 'postcss';
import type { Plugin, Rollup } from 'vite';
import { firstScreenScript, makeTemplate, referenceRenders, verifyFirstScreen } from './firstScreen.ts';

/**
 * The loader: the app starts once the first screen's first frame is shown (after that frame's main-thread work where
 * tasks are stored; at once where nothing is painted) and after the stylesheet. `seriesChunks`: the recurring-task
 * code, off the first load; where series are stored it is fetched with the entry instead of after it has run (a week
 * with series waited for it: bench/seriesRender.ts).
 */
export function entryLoader(src: string, css: string, chunks: string[] = [], seriesChunks: string[] = []): string {
  return `<script>
      (function () {
        var started = false;
        var fetching = false;
        // Fetched (and the modules compiled off the main thread) while the stylesheet loads.
        function fetchAll() {
          if (fetching) return;
          fetching = true;
          var sheet = document.createElement('link');
          sheet.rel = 'preload';
          sheet.setAttribute('as', 'style');
          sheet.crossOrigin = '';
          sheet.href = ${JSON.stringify(css)};
          document.head.appendChild(sheet);
          var hrefs = ${JSON.stringify([src, ...chunks])};
          try {
            if (localStorage.getItem('weekly-planner-series')) hrefs = hrefs.concat(${JSON.stringify(seriesChunks)});
          } catch (e) {}
          hrefs.forEach(function (href) {
            var preload = document.createElement('link');
            preload.rel = 'modulepreload';
            preload.crossOrigin = '';
            preload.href = href;
            document.head.appendChild(preload);
          });
        }
        function run() {
          var script = document.createElement('script');
          script.type = 'module';
          script.crossOrigin = '';
          script.src = ${JSON.stringify(src)};
          document.head.appendChild(script);
        }
        function start() {
          if (started) return;
          started = true;
          fetchAll();
          var link = document.createElement('link');
          link.rel = 'stylesheet';
          link.crossOrigin = '';
          link.href = ${JSON.stringify(css)};
          // Without the stylesheet the app would render unstyled; should it fail, unstyled beats nothing.
          link.onerror = run;
          link.onload = function () {
            // Its rules are all in the full stylesheet: kept, they would be matched twice for every card.
            var critical = document.getElementById('critical-css');
            if (critical) critical.remove();
            run();
          };
          document.head.appendChild(link);
        }
        if (!document.getElementById('root').firstChild) return start();
        // With stored tasks the cards are what the person waits for: fetch now, start after the frame's callback.
        // The empty week is complete as it stands: it starts once its first frame is shown (the paint entry). A
        // frame callback runs before the frame is rastered, and the fetches and compile took the CPU from raster.
        var pending = document.documentElement.hasAttribute('data-tasks-pending');
        if (pending) fetchAll();
        var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
        if (!pending && types && types.indexOf('paint') >= 0) {
          var shown = new PerformanceObserver(function (list) {
            if (!list.getEntriesByName('first-contentful-paint').length) return;
            shown.disconnect();
            setTimeout(start);
          });
          shown.observe({ type: 'paint', buffered: true });
        } else {
          // A timer set from a frame callback runs after that frame's main-thread work.
          requestAnimationFrame(function () { setTimeout(start); });
        }
        // A background tab gets no frames.
        setTimeout(start, 200);
      })();
    </script>`;
}

/**
 * The rules of `css` that the first screen's elements use, as beasties keeps them: dark variants included
 * (<html class="dark">), and those for stored tasks not yet shown (data-tasks-pending).
 */
export async function criticalCss(css: string, screen: string): Promise<string> {
  const beasties = new Beasties({ logLevel: 'warn', reduceInlineStyles: true, keyframes: 'critical' });
  const page = `<!doctype html><html class="dark" data-tasks-pending><head><style>${css}</style></head><body><div id="root">${screen}</div></body></html>`;
  const style = /<style>([\s\S]*?)<\/style>/.exec(await beasties.process(page));
  if (!style?.[1]) throw new Error('planner-startup-html: no critical CSS');
  return withoutUnusedProperties(withThemeValues(style[1]));
}

/**
 * Writes the theme's values in where the rules read them: every `var(--x)` of a custom property that the CSS
 * declares once, on `:root`, becomes that value (then unused, it goes: withoutUnusedProperties). The first screen's
 * first style pass, on the path to its first frame, then resolves no variables for them (from the week's text to
 * its first frame, 1.5-8 ms less in five of six interleaved sets of 20-24 loads). The sheet applies only until the full
 * stylesheet has loaded, and nothing in the first screen sets a custom property, so every element would read the
 * `:root` value anyway. Properties declared anywhere else (Tailwind's per-element `--tw-*`) are left as they are.
 */
export function withThemeValues(css: string): string {
  const root = postcss.parse(css);
  const declared = new Map<string, postcss.Declaration[]>();
  root.walkDecls(/^--/, (decl) => {
    const same = declared.get(decl.prop);
    if (same) same.push(decl);
    else declared.set(decl.prop, [decl]);
  });
  const registered = new Set<string>();
  root.walkAtRules('property', (rule) => void registered.add(rule.params.trim()));
  // On `:root` itself, under nothing but cascade layers: not in a media query or @supports, which may not apply.
  const onRoot = (decl: postcss.Declaration) => {
    const rule = decl.parent;
    if (rule?.type !== 'rule' || (rule as postcss.Rule).selector !== ':root') return false;
    for (let node = rule.parent; node && node.type !== 'root'; node = node.parent) {
      if (node.type !== 'atrule' || (node as postcss.AtRule).name !== 'layer') return false;
    }
    return true;
  };
  const values = new Map<string, string>();
  for (const [prop, decls] of declared) {
    // A registered property may not inherit: its elements would not see the :root value.
    if (decls.length === 1 && onRoot(decls[0]!) && !decls[0]!.important && !registered.has(prop)) values.set(prop, decls[0]!.value);
  }
  const substitute = (value: string, seen: ReadonlySet<string>): string =>
    value.replace(/var\(\s*(--[\w-]+)\s*\)/g, (whole, name: string) => {
      const found = values.get(name);
      return found === undefined || seen.has(name) ? whole : substitute(found, new Set([...seen, name]));
    });
  root.walkDecls((decl) => {
    if (decl.value.includes('var(')) decl.value = substitute(decl.value, new Set(decl.prop.startsWith('--') ? [decl.prop] : []));
  });
  return root.toString();
}

/**
 * Drops the custom properties (theme variables, Tailwind's registered `@property`s) that no kept rule
 * reads, directly or through another variable: beasties keeps them all, and a registered property
 * with an initial value is computed for every element (21 → 15 kB for the shell).
 */
export function withoutUnusedProperties(css: string): string {
  const root = postcss.parse(css);
  const reads = (value: string) => [...value.matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1]!);
  const used = new Set<string>();
  root.walkDecls((decl) => {
    if (!decl.prop.startsWith('--')) reads(decl.value).forEach((name) => used.add(name));
  });
  for (let grew = true; grew; ) {
    grew = false;
    root.walkDecls((decl) => {
      if (!decl.prop.startsWith('--') || !used.has(decl.prop)) return;
      for (const name of reads(decl.value)) {
        if (used.has(name)) continue;
        used.add(name);
        grew = true;
      }
    });
  }
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--') && !used.has(decl.prop)) decl.remove();
  });
  root.walkAtRules('property', (rule) => {
    if (!used.has(rule.params.trim())) rule.remove();
  });
  for (let emptied = true; emptied; ) {
    emptied = false;
    root.walk((node) => {
      if ((node.type === 'rule' || (node.type === 'atrule' && node.nodes)) && node.nodes?.length === 0) {
        node.remove();
        emptied = true;
      }
    });
  }
  return root.toString();
}

/** The first screen's inline script, checked against the app's render, and the markup it paints (for the critical CSS). */
export async function firstScreen(root: string): Promise<{ script: string; painted: string }> {
  // Loaded here: it starts a Vite server, which the plugin's other users (tests) never need.
  const { withFirstScreenRenderer } = await import('./prerender.ts');
  return withFirstScreenRenderer(root, (render) => {
    const renders = referenceRenders(render);
    const script = firstScreenScript(makeTemplate(renders));
    verifyFirstScreen(script, render);
    return { script, painted: [...renders.light, renders.dark].join('') };
  });
}

export function startupHtml(options: { firstScreen?: typeof firstScreen } = {}): Plugin {
  let root = process.cwd();
  return {
    name: 'planner-startup-html',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, { bundle }) {
        if (!bundle) return html;
        const sheet = /<link rel="stylesheet" crossorigin href="(\/([^"]+\.css))">/.exec(html);
        const asset = sheet && (bundle[sheet[2]!] as Rollup.OutputAsset | undefined);
        if (!sheet || asset?.type !== 'asset') throw new Error('planner-startup-html: no stylesheet in index.html');
        if (!html.includes('<!--first-screen-->')) throw new Error('planner-startup-html: no <!--first-screen--> in index.html');
        const { script, painted } = await (options.firstScreen ?? firstScreen)(root);
        const critical = await criticalCss(String(asset.source), painted);
        let out = html.replace(sheet[0], `<style id="critical-css">${critical}</style>`).replace('<!--first-screen-->', script);
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(out);
        if (!entry) throw new Error('planner-startup-html: no entry script in index.html');
        out = out.replace(entry[0], '');
        // Vite's modulepreloads (the entry's static chunks): the loader starts them with the entry.
        const chunks: string[] = [];
        out = out.replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => (chunks.push(href), ''));
        return out.replace('</body>', `  ${entryLoader(entry[1]!, sheet[1]!, chunks, seriesChunks(bundle))}\n  </body>`);
      },
    },
  };
}

/** The series code's chunk (the dynamic entry of src/features/series/runtime.ts) and the chunks it imports. */
function seriesChunks(bundle: Rollup.OutputBundle): string[] {
  const runtime = Object.values(bundle).find((item): item is Rollup.OutputChunk => item.type === 'chunk' && !!item.facadeModuleId?.endsWith('/src/features/series/runtime.ts'));
  if (!runtime) return [];
  const entry = Object.values(bundle).find((item): item is Rollup.OutputChunk => item.type === 'chunk' && item.isEntry);
  // What the entry already brings is preloaded with it; the rest, to the last static import (rrule's tslib).
  const already = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
  const wanted = new Set<string>();
  const visit = (file: string) => {
    if (already.has(file) || wanted.has(file)) return;
    wanted.add(file);
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
  };
  visit(runtime.fileName);
  return [...wanted].map((file) => `/${file}`);
}

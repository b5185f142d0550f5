// Build step: index.html paints the planner's empty week (#planner-shell) as soon as it arrives, as a
// plain page would. Two things stood between its bytes and that first paint: the stylesheet, a second
// request that blocks rendering, and the app's ~400 kB of modules, whose evaluation (~100 ms on these
// machines) often ran before the first frame. So the stylesheet goes inline, and the entry is fetched at
// once (modulepreload) but run after the first frame. The server's CSP allows inline styles and hashes
// every inline script of the built index.html (this loader is static text per build).
import type { Plugin, Rollup } from 'vite';

/** The loader: the entry starts after the next frame where the shell is shown, at once elsewhere. */
export function entryLoader(src: string): string {
  return `<script>
      (function () {
        var started = false;
        function start() {
          if (started) return;
          started = true;
          var script = document.createElement('script');
          script.type = 'module';
          script.crossOrigin = '';
          script.src = ${JSON.stringify(src)};
          document.head.appendChild(script);
        }
        if (!document.getElementById('planner-shell')) return start();
        // A timer set from a frame callback runs once that frame is painted; a background tab gets no frames.
        requestAnimationFrame(function () { setTimeout(start); });
        setTimeout(start, 200);
      })();
    </script>`;
}

export function startupHtml(): Plugin {
  return {
    name: 'planner-startup-html',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        let out = html.replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, (tag, file: string) => {
          const asset = bundle[file] as Rollup.OutputAsset | undefined;
          return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : tag;
        });
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(out);
        if (!entry) throw new Error('planner-startup-html: no entry script in index.html');
        out = out.replace(entry[0], `<link rel="modulepreload" crossorigin href="${entry[1]}">`);
        return out.replace('</body>', `  ${entryLoader(entry[1]!)}\n  </body>`);
      },
    },
  };
}

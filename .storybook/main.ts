import type { StorybookConfig } from '@storybook/react-vite';
import type { PluginOption } from 'vite';

// Plugins for the app's own index.html and deployment: the service worker and manifest, the prerendered first
// screen (which needs the app's stylesheet and entry in the page it rewrites), and the .br/.gz copies that
// server/static.ts serves (brotli at its highest quality over Storybook's 8 MB of output: ~17 CPU-s a build).
const isAppOnly = (plugin: PluginOption) =>
  typeof plugin === 'object' &&
  plugin !== null &&
  'name' in plugin &&
  (plugin.name.startsWith('vite-plugin-pwa') || plugin.name === 'planner-startup-html' || plugin.name === 'planner-precompress');

/** What has no place in Storybook's own build. */
function withoutAppOnly(plugins: PluginOption[]): PluginOption[] {
  return plugins.filter((plugin) => !isAppOnly(plugin)).map((plugin) => (Array.isArray(plugin) ? withoutAppOnly(plugin) : plugin));
}

const config: StorybookConfig = {
  stories: ['../src/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  viteFinal: (viteConfig) => ({ ...viteConfig, plugins: withoutAppOnly(viteConfig.plugins ?? []) }),
};

export default config;

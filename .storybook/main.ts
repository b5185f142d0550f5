import type { StorybookConfig } from '@storybook/react-vite';
import type { PluginOption } from 'vite';

// Plugins for the app's own index.html and deployment: the service worker and manifest, and the prerendered
// first screen (which needs the app's stylesheet and entry in the page it rewrites).
const isAppOnly = (plugin: PluginOption) =>
  typeof plugin === 'object' &&
  plugin !== null &&
  'name' in plugin &&
  (plugin.name.startsWith('vite-plugin-pwa') || plugin.name === 'planner-startup-html');

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

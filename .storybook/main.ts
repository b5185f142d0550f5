import type { StorybookConfig } from '@storybook/react-vite';
import type { PluginOption } from 'vite';

const isPwaPlugin = (plugin: PluginOption) =>
  typeof plugin === 'object' && plugin !== null && 'name' in plugin && plugin.name.startsWith('vite-plugin-pwa');

/** The app's service worker and manifest have no place in Storybook's own build. */
function withoutPwa(plugins: PluginOption[]): PluginOption[] {
  return plugins.filter((plugin) => !isPwaPlugin(plugin)).map((plugin) => (Array.isArray(plugin) ? withoutPwa(plugin) : plugin));
}

const config: StorybookConfig = {
  stories: ['../src/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  viteFinal: (viteConfig) => ({ ...viteConfig, plugins: withoutPwa(viteConfig.plugins ?? []) }),
};

export default config;

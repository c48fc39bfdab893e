// "Make AI search available offline" fetches its own list of AI search's files (src/app/ai/offline-models.ts);
// the AI status counts the build's model files that core's `neededFiles` keeps. Both must name the same
// files, or the indexes never start after the button (a file the status waits for is not fetched), or
// the button downloads what nobody needs. Read from the build's own model files, as the plugin emits them.
import { expect, it } from 'vitest';
import { aiModelPaths } from '../../src/app/ai/offline-models';
import { neededFiles } from '../../src/core/ai-search/model-files';
import { modelFiles } from '../../tools/vite-plugin-model-files';

it('fetches exactly the model files the AI status waits for', async () => {
  const plugin = modelFiles();
  (plugin.configResolved as (config: { root: string }) => void)({ root: process.cwd() });
  const built = new Map(plugin.api!.files().map((file) => [file.fileName, file.source]));
  const fetched = await aiModelPaths(async (graph) => {
    const source = built.get(graph);
    return source ? JSON.parse(new TextDecoder().decode(source)) : undefined;
  });
  const needed = neededFiles([...built].map(([path, source]) => ({ path, size: source.byteLength, cached: false }))).map((file) => file.path);
  expect(needed.length).toBeGreaterThan(4);
  expect(fetched?.sort()).toEqual(needed.sort());
});

import { join, resolve } from 'node:path';
import type { Config } from '../config/config.js';
import { DEMO_LIBRARY_FOLDER, regenerateDemoLibrary } from './ensure-demo-library.js';

/** `sasayaki demo [--out DIR]`: regenerates the demo library and prints what was made. */
export async function runDemoCommand(args: readonly string[], config: Config): Promise<void> {
  let out = join(config.dataDir, DEMO_LIBRARY_FOLDER);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--out' && args[i + 1] !== undefined) out = resolve(args[++i] as string);
    else if (arg.startsWith('--out=')) out = resolve(arg.slice('--out='.length));
    else throw new Error(`Unknown option "${arg}" (usage: sasayaki demo [--out DIR])`);
  }
  const summary = await regenerateDemoLibrary(out, { ffmpegPath: config.ffmpegPath });
  const megabytes = (summary.bytes / 1024 / 1024).toFixed(1);
  console.log(
    `Demo library: ${summary.works} works, ${summary.files} files, ${megabytes} MB (${summary.bytes} bytes), ` +
      `${summary.encoded} tracks encoded by ffmpeg, ${summary.seconds.toFixed(1)} s -> ${summary.dir}`,
  );
}

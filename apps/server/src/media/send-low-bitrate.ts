import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentTypeFor } from './content-type.js';
import { sendFile } from './send-file.js';
import type { TranscodeFormat } from './transcode-args.js';
import type { Transcoder, TranscodeSource } from './transcoder.js';

const CACHE_CONTROL = 'private, no-cache';

function holdWhileSending(reply: FastifyReply, transcoder: Transcoder, path: string): () => void {
  const release = transcoder.hold(path);
  reply.raw.once('close', release);
  reply.raw.once('finish', release);
  return release;
}

/**
 * Answers a low-bitrate stream request. A cached file goes through `sendFile` (ranges, validators). While
 * its transcode runs, the growing file is sent (200, `Accept-Ranges: none`, no length: the first bytes
 * leave as soon as ffmpeg writes them): the WebM itself, or for M4A the fragmented copy ffmpeg writes
 * beside the cached file (whose index is only complete at the end), so a long file starts as soon.
 */
export async function sendLowBitrate(
  request: FastifyRequest,
  reply: FastifyReply,
  transcoder: Transcoder,
  source: TranscodeSource,
  format: TranscodeFormat,
): Promise<FastifyReply> {
  // A listener waits: never behind transcodes started by prefetch hints.
  const prepared = await transcoder.prepare(source, format, { listener: true });
  let path: string;
  if (prepared.kind === 'ready') {
    path = prepared.path;
  } else {
    const { job } = prepared;
    const growing = await transcoder.waitForOutput(job);
    if (growing) {
      holdWhileSending(reply, transcoder, job.finalPath);
      reply
        .code(200)
        .type(contentTypeFor(job.finalPath) as string)
        .header('Accept-Ranges', 'none')
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff');
      if (request.method === 'HEAD') {
        await growing.close();
        return reply.send();
      }
      return reply.send(transcoder.followGrowing(growing, job));
    }
    path = await job.done;
  }
  const release = holdWhileSending(reply, transcoder, path);
  try {
    return await sendFile(request, reply, {
      path,
      root: transcoder.cache.dir,
      contentType: contentTypeFor(path),
      cacheControl: CACHE_CONTROL,
    });
  } catch (error) {
    release();
    throw error;
  }
}

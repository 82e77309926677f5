import type { MetadataFetchJob } from '../metadata/fetch-job.js';
import type { LocalMetadataRefresh } from '../metadata/local-refresh.js';
import type { ProviderStatus } from '../metadata/provider-types.js';

/**
 * An administrator's "refresh metadata" of one work (`POST /api/admin/works/:id/refresh-metadata`): the
 * local providers (workinfo.json, folder name, audio tags) are read again and merged, then DLsite is asked
 * when it may be. The answer is DLsite's status when it was asked, else `ok` with the reason it was not.
 */
export class MetadataRefreshService {
  constructor(
    private readonly local: Pick<LocalMetadataRefresh, 'refresh'>,
    private readonly remote: Pick<MetadataFetchJob, 'refreshWork'>,
  ) {}

  /** NotFound for an unknown or missing work. */
  async refresh(workId: number): Promise<{ status: ProviderStatus; message: string | null }> {
    await this.local.refresh(workId);
    const remote = await this.remote.refreshWork(workId);
    if (remote.asked) return { status: remote.status, message: remote.message };
    return { status: 'ok', message: `Local metadata read again; DLsite not asked: ${remote.reason}` };
  }
}

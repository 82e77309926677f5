import type { Envelope } from '@sasayaki/api-contract';
import type { NavigateFunction } from 'react-router';
import { api } from '../../api/client';
import { notifyError } from '../../lib/notify';

/**
 * Random play (spec section 7): `order=betterRandom` returns one random work, which is opened with an
 * offer to play it. A 401 here is ignored silently, as the spec says.
 */
export async function playRandomWork(navigate: NavigateFunction): Promise<void> {
  try {
    const { works } = await api<Envelope>('/api/works', { query: { order: 'betterRandom' } });
    const work = works[0];
    if (work) navigate(`/work/${work.source_id}`, { state: { offerPlay: true } });
  } catch (error) {
    notifyError(error, { ignoreUnauthorized: true });
  }
}

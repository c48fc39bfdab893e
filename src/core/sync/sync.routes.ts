import { route } from '../http/router';
import { noInput, startSyncInput } from './sync.schema';
import { runSync, startSync, stopSync, syncStatus } from './sync.service';

export const syncRoutes = [
  route('POST', '/sync/start', startSyncInput, startSync),
  route('GET', '/sync/status', noInput, syncStatus),
  route('POST', '/sync/stop', noInput, stopSync),
  route('POST', '/sync/run', noInput, runSync),
];

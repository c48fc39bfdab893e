import { route } from '../http/router';
import { noInput, startSyncInput } from './sync.schema';
import { checkSync, runSync, startSync, stopSync, syncStatus } from './sync.service';

export const syncRoutes = [
  route('POST', '/sync/start', startSyncInput, startSync),
  route('POST', '/sync/check', startSyncInput, checkSync),
  route('GET', '/sync/status', noInput, syncStatus),
  route('POST', '/sync/stop', noInput, stopSync),
  route('POST', '/sync/run', noInput, runSync),
];

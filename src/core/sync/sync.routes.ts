import { route } from '../http/router';
import { noInput, startSyncInput, syncSettingsInput, watchSyncInput } from './sync.schema';
import { changeSyncSettings, checkSync, runSync, startSync, stopSync, syncStatus, watchSync } from './sync.service';

export const syncRoutes = [
  route('POST', '/sync/start', startSyncInput, startSync),
  route('POST', '/sync/check', startSyncInput, checkSync),
  route('GET', '/sync/status', noInput, syncStatus),
  route('POST', '/sync/stop', noInput, stopSync),
  route('POST', '/sync/run', noInput, runSync),
  route('POST', '/sync/watch', watchSyncInput, watchSync),
  route('POST', '/sync/settings', syncSettingsInput, changeSyncSettings),
];

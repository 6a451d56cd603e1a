import { remoteConfig } from '../../module-federation.shared';

export default remoteConfig('cleaner');

import federation from './module-federation.config';
import { appConfig } from '../../rspack.common';

export default appConfig({ dir: __dirname, port: 4202, federation, remote: 'manager' });

import { teardown } from './stores-setup';

/** jest's globalTeardown of the server and e2e projects: stops what stores-setup.ts started (the Postgres run only). */
export default teardown;

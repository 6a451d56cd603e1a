import { LaterReleasePage } from './status-pages';

/**
 * The placeholder of a screen that is routed but not built yet, titled by the screen's name in the spec
 * ("Client Management", "Sampling Parameters"), never by its path segment. Its owner replaces it.
 */
export const Planned = ({ title }: { title: string }) => <LaterReleasePage title={title} />;

// Each role-family remote exposes ./Routes: the route table of its roles.
type RemoteRoutes = import('react').ComponentType<{ role: number }>;
declare module 'admin/Routes' { const C: RemoteRoutes; export default C; }
declare module 'manager/Routes' { const C: RemoteRoutes; export default C; }
declare module 'surveyor/Routes' { const C: RemoteRoutes; export default C; }
declare module 'quality/Routes' { const C: RemoteRoutes; export default C; }
declare module 'cleaner/Routes' { const C: RemoteRoutes; export default C; }
declare module 'cimr/Routes' { const C: RemoteRoutes; export default C; }
declare const __BUILD_ID__: string;
declare const __APP_ENV__: string;

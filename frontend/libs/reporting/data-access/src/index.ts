// Filled by the context's screens: cache tags via enhanceEndpoints, shared hooks, and so on.
export {};

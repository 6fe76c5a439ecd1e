/** Where the service's own surface is mounted (the paths of openapi/ are relative to it). */
export const API_BASE = "/api/v1/cloud";

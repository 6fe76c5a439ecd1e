import { Router } from "express";
import type { RouteModule } from "../app.ts";

export const skillRoutes: RouteModule = {
  router: () => Router(),
};

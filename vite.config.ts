import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react()],
  worker: { format: "es" },
  build: { outDir: "dist", sourcemap: true },
  server: { port: 5173 },
});

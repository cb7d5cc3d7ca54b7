/** Types for nginx-config.mjs (a plain Node script), so TypeScript tests can import it. */
export const nginxTemplateFile: string;
export const templateSettings: string[];
export function renderNginxTemplate(): string;
export function fillNginxTemplate(template: string, settings: Record<string, string>): string;
export function readNginxTemplate(): string;

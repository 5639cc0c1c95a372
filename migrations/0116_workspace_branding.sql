-- Reports under the agency's name (issue 28 point 6, docs/branding.md): a workspace's display name,
-- accent colour and logo. The logo's bytes are in R2 (BRANDING, key logos/<workspace>/<logo_id>);
-- logo_id is random and changes with every upload, so the public logo URL is unguessable and
-- cacheable for ever.
CREATE TABLE `workspace_branding` (
	`workspace_id` text PRIMARY KEY NOT NULL,
	`display_name` text,
	`accent_color` text CHECK (`accent_color` IS NULL OR `accent_color` GLOB '#[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]'),
	`logo_id` text,
	`logo_type` text CHECK (`logo_type` IS NULL OR `logo_type` IN ('image/png', 'image/svg+xml')),
	`logo_bytes` integer,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `workspace_branding_logo_id_unique` ON `workspace_branding` (`logo_id`);

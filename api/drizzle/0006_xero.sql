CREATE TABLE `xero_connections` (
	`tenant_id` text PRIMARY KEY NOT NULL,
	`connection_id` text NOT NULL,
	`grant_id` text NOT NULL,
	`tenant_name` text NOT NULL,
	`tenant_type` text NOT NULL,
	`connected_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`grant_id`) REFERENCES `xero_grants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `xero_connections_grant` ON `xero_connections` (`grant_id`);--> statement-breakpoint
CREATE TABLE `xero_consents` (
	`state_hash` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`sealed_verifier` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `xero_grants` (
	`id` text PRIMARY KEY NOT NULL,
	`sealed_tokens` text NOT NULL,
	`access_expires_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`refreshing_until` integer,
	`status` text DEFAULT 'active' NOT NULL,
	`reconnect_mailed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `xero_schedules` (
	`id` text PRIMARY KEY NOT NULL,
	`tenant_id` text NOT NULL,
	`day_of_week` integer NOT NULL,
	`hour` integer NOT NULL,
	`email_recipients` text NOT NULL,
	`report_types` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`tenant_id`) REFERENCES `xero_connections`(`tenant_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `xero_schedules_slot` ON `xero_schedules` (`tenant_id`,`day_of_week`,`hour`);
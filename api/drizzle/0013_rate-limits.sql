CREATE TABLE `rate_limit_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limit_events_key_expires_at` ON `rate_limit_events` (`key`,`expires_at`);--> statement-breakpoint
CREATE INDEX `rate_limit_events_expires_at` ON `rate_limit_events` (`expires_at`);
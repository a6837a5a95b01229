CREATE TABLE `schedule_setting_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL,
	`actor_user_id` text,
	`actor_name` text NOT NULL,
	`actor_email` text NOT NULL,
	`field` text NOT NULL,
	`old_value` text,
	`new_value` text
);
--> statement-breakpoint
CREATE INDEX `schedule_setting_changes_at` ON `schedule_setting_changes` (`at`,`id`);--> statement-breakpoint
CREATE TABLE `schedule_settings` (
	`id` text PRIMARY KEY NOT NULL,
	`settings` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `teams` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`position` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `visits` (
	`id` text PRIMARY KEY NOT NULL,
	`quote_request_id` text NOT NULL,
	`priced_quote_id` text,
	`team_id` text NOT NULL,
	`status` text DEFAULT 'booked' NOT NULL,
	`start` integer NOT NULL,
	`duration_minutes` integer NOT NULL,
	`window_minutes` integer NOT NULL,
	`sequence` integer DEFAULT 0 NOT NULL,
	`booked_by` text NOT NULL,
	`reminder_mail_id` text,
	`cancelled_at` integer,
	`cancel_reason` text,
	`completed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`quote_request_id`) REFERENCES `quote_requests`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`priced_quote_id`) REFERENCES `priced_quotes`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `visits_status_start` ON `visits` (`status`,`start`);--> statement-breakpoint
CREATE INDEX `visits_team_start` ON `visits` (`team_id`,`start`);--> statement-breakpoint
CREATE INDEX `visits_quote_request` ON `visits` (`quote_request_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `outbox` ADD `send_after` integer;--> statement-breakpoint
ALTER TABLE `priced_quotes` ADD `duration_minutes` integer;--> statement-breakpoint
-- A new business starts with two teams; staff rename, add or switch them off in the schedule settings.
INSERT INTO `teams` (`id`, `name`, `active`, `position`, `created_at`) VALUES
	('team-1', 'Team 1', 1, 0, CAST(unixepoch('subsec') * 1000 AS INTEGER)),
	('team-2', 'Team 2', 1, 1, CAST(unixepoch('subsec') * 1000 AS INTEGER));

CREATE TABLE `analytics_salts` (
	`day` text PRIMARY KEY NOT NULL,
	`salt` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `funnel_events` (
	`id` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL,
	`day` text NOT NULL,
	`visit` text NOT NULL,
	`step` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `funnel_events_day` ON `funnel_events` (`day`,`step`);--> statement-breakpoint
CREATE TABLE `page_views` (
	`id` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL,
	`day` text NOT NULL,
	`path` text NOT NULL,
	`referrer_host` text,
	`utm_source` text,
	`utm_medium` text,
	`utm_campaign` text,
	`partner` text,
	`device` text NOT NULL,
	`visitor` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `page_views_day` ON `page_views` (`day`);--> statement-breakpoint
CREATE TABLE `job_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`job` text NOT NULL,
	`period` text NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 1 NOT NULL,
	`claimed_by` text,
	`lease_until` integer,
	`next_attempt_at` integer,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`error` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `job_runs_job_period` ON `job_runs` (`job`,`period`);--> statement-breakpoint
CREATE INDEX `job_runs_job_started` ON `job_runs` (`job`,`started_at`);--> statement-breakpoint
CREATE TABLE `scheduled_jobs` (
	`name` text PRIMARY KEY NOT NULL,
	`registered_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);

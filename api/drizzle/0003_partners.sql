CREATE TABLE `partners` (
	`key` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`origins` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);

CREATE TABLE `deleted_partner_keys` (
	`key` text PRIMARY KEY NOT NULL,
	`deleted_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);

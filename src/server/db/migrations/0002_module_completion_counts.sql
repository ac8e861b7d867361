CREATE TABLE "module_completion_counts" (
	"module_id" uuid PRIMARY KEY NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL
);

CREATE TABLE "environment_versions" (
	"environment_id" integer NOT NULL,
	"version" integer NOT NULL,
	"dimensions" jsonb NOT NULL,
	"elements" jsonb NOT NULL,
	"graph" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "environment_versions_environment_id_version_pk" PRIMARY KEY("environment_id","version")
);
--> statement-breakpoint
ALTER TABLE "environments" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "experiments" ADD COLUMN "environment_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "scenarios" ADD COLUMN "environment_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "solves" ADD COLUMN "environment_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "environment_versions" ADD CONSTRAINT "environment_versions_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE cascade ON UPDATE no action;
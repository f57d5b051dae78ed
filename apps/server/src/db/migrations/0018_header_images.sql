CREATE TABLE "header_images" (
	"key" text PRIMARY KEY NOT NULL,
	"media_key" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);

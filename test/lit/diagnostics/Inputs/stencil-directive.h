/* Included by directive-in-header.c: directives belong in the main file. */
#pragma stencil copy

/* fit_cli.h — entry points of the `lpn fit`, `lpn tune` and `lpn calibrate`
 * commands (lpn_cli_fit.c, lpn_cli_calibrate.c), called by lpn_main.c with the whole command line
 * (argv[1] is the command). Each returns the exit status. Internal to the
 * command. */
#ifndef LPNEST_LPN_FIT_CLI_H
#define LPNEST_LPN_FIT_CLI_H

int lpn_cli_fit_main(int argc, char **argv);
int lpn_cli_tune_main(int argc, char **argv);
int lpn_cli_calibrate_main(int argc, char **argv);   /* lpn_cli_calibrate.c */

#endif

import Workbench

// The `workbench` executable: the command line with the built-in policies and store designs.
// A team's own runner is the same two lines after registering its types (see Examples/custom-cache).
WorkbenchCLI.main()
